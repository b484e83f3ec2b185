/**
 * After logout or deletion: a full page load of the next page, so nothing of the account stays in this
 * tab's memory (cached reports, profile), and no signed-in screen reacts to the change on its way out.
 */
export function leaveSignedOut(href: string): void {
  window.location.assign(href);
}
