import * as React from "react";
import { useNavigation } from "react-router";

/**
 * A number that goes up each time a form matching `isThis` has been sent and the page has come
 * back without refusing it (`refused`): keyed on it, a disclosure closes and its fields empty
 * after a successful save, as they do when the page loads anew without JavaScript.
 */
export function useRoundAfterSubmit(isThis: (form: FormData) => boolean, refused: boolean) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData !== undefined && isThis(navigation.formData);
  const [round, setRound] = React.useState(0);
  const wasSending = React.useRef(false);
  React.useEffect(() => {
    if (wasSending.current && !sending && !refused) setRound((r) => r + 1);
    wasSending.current = sending;
  }, [sending, refused]);
  return round;
}
