import { BACKOFFICE_ROUTES } from '../../contracts/routes.ts';

/** The pages a sign-in may lead back to: every back-office page but the sign-in itself. */
const PAGES_AFTER_LOGIN = BACKOFFICE_ROUTES.filter((route) => route !== 'bo_login').join('|');
const NEXT_PAGE = new RegExp(`^/(${PAGES_AFTER_LOGIN})(\\?\\S*)?$`);

/** Where to go after signing in: `?next=` when it is a back-office page of this site, else the dashboard. */
export function destinationAfterLogin(search: string): string {
  const next = new URLSearchParams(search).get('next') ?? '';
  return NEXT_PAGE.test(next) ? next : '/bo_dashboard';
}
