/**
 * An address under /admin that is no screen: the shell sends the visitor to their first screen, or to the sign-in
 * page, rather than to the shop's not-found page.
 */
export default function UnknownAdminPage() {
  return null;
}
