// The minimum age (MINIMUM_AGE, stated on /terms) as the sign-up form and the auth library's JSON
// sign-up ask for it: the same words wherever an account would be created without it.
export const ageProblem = (age: number) =>
  `Please confirm that you are ${age} or older. The community is for people aged ${age} and over (see the terms of use).`;
