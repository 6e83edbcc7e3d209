import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { MENU, type MenuLink } from './menuItems';

const LINKS: MenuLink[] = MENU.flatMap((e) => (e.type === 'item' ? [e] : e.children));
/** Screens outside the menu: their menu-like name. */
const OTHER_SCREENS: Record<string, string> = { '/profile': 'app.menu.my_profile' };

/** The menu entry whose screen the path is (its list, an item's page): '/user/12' -> Users. */
const screenOf = (path: string) => {
  const first = `/${path.split('/')[1] ?? ''}`;
  return OTHER_SCREENS[first] ?? LINKS.find((l) => l.url === first)?.title;
};

/** The browser tab names the screen, in the person's language (p1): "Users · Travel Back-office". */
export function useDocumentTitle() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  useEffect(() => {
    const app = translate('app.name');
    const screen = screenOf(pathname);
    document.title = screen ? `${translate(screen)} · ${app}` : app;
  }, [pathname, translate]);
}
