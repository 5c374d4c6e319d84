// The vnu-jar package exports the path of the Nu HTML Checker's jar (a String object).
declare module "vnu-jar" {
  const jar: string;
  export default jar;
}
