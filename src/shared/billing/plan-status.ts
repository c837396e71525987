/** A user who has not chosen any plan yet (not even Free) is sent to /pricing from the editor. */
export function needsPlanChoice(subscriptionStatus: string | null | undefined): boolean {
  return !subscriptionStatus || subscriptionStatus === 'none';
}
