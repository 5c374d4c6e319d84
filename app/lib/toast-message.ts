// A toast as the server sends it in a cookie (toast.server.ts) and the page shows it (ui/toast).
export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
