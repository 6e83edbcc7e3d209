import { CacheProvider } from '@emotion/react';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { Admin, Authenticated, CustomRoutes, localStorageStore, Notification, type Store } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { canAccess, homePath } from '@shared/access';
import { createI18nProvider, isLocale, loadCatalogue, type Locale, RTL_LOCALES, themeTexts } from './i18n';
import { STORE_NAME } from './i18n/locales';
import { Layout } from './layout/Layout';
import { lazyNamed } from './lazy';
import { NOT_FOUND_PATH } from './notFound';
import { LoginPage } from './pages/auth/LoginPage';
import { Dashboard } from './pages/Dashboard';
// every resource is checked before its routes render, so a refused one asks the API nothing
import { AccessRefusedRedirect, GuardedResource as Resource, RequireResourceAccess } from './components/AccessRefusal';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { isSignedIn, usePrincipal } from './providers/useStaff';
// each registered resource's screens (loaded when first opened), its own or made from its declaration
import { screensOf } from './resources/screens';
import { RESOURCES, type ResourceDeclaration } from '@shared/resources/index';
import { type Direction, emotionCache, loadEmotionCache, rootFontSize, themeFor } from './theme';
import { PreferencesProvider, usePreferences } from './layout/preferences';
import { createQueryClient, settleConfirmedSession } from './startup';
import './boot';

// for main.tsx, which imports this module with import()
export { redirectRoot, startEarlyRequests } from './startup';

const ProfilePage = lazyNamed(() => import('./pages/ProfilePage'), 'ProfilePage');
// the guest's rarer pages: fetched when opened (the sign-in page stays in the start-up code)
const ForgotPasswordPage = lazyNamed(() => import('./pages/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(() => import('./pages/auth/ResetPasswordPage'), 'ResetPasswordPage');
const NotFoundPage = lazyNamed(() => import('./pages/NotFoundPage'), 'NotFoundPage');

/** react-admin's catch-all: send unknown paths to the 404 page. */
const CatchAll = () => <Navigate to={NOT_FOUND_PATH} replace />;
const PlaceSearchPage = lazyNamed(() => import('./pages/ai/PlaceSearchPage'), 'PlaceSearchPage');
const AiItinerariesPage = lazyNamed(() => import('./pages/ai/AiItinerariesPage'), 'AiItinerariesPage');
const DeskPage = lazyNamed(() => import('./pages/moderation/DeskPage'), 'DeskPage');
const TrashPage = lazyNamed(() => import('./pages/trash/TrashPage'), 'TrashPage');
const CasePage = lazyNamed(() => import('./pages/moderation/CasePage'), 'CasePage');

/** The registered resources and their screens, in menu order. */
const REGISTERED = (RESOURCES as readonly ResourceDeclaration[]).map((resource) => ({ resource, screens: screensOf(resource) }));

const storage = localStorageStore(undefined, STORE_NAME);
/** The locale react-admin shows (set once ThemedApp made its i18nProvider). */
let shownLocale = (): string | undefined => undefined;
/**
 * react-admin's store. While no locale is stored, the locale reads as the one shown: react-admin's i18n
 * then renders the admin in the first render, instead of nothing first and everything a render later.
 */
const store: Store = {
  ...storage,
  getItem: <T,>(key: string, defaultValue?: T): T | undefined =>
    storage.getItem<T>(key, defaultValue ?? (key === 'locale' ? (shownLocale() as T | undefined) : undefined)),
};
const queryClient = createQueryClient();
/** Called by main.tsx right before the first render (see settleConfirmedSession). */
export const settleSession = () => settleConfirmedSession(queryClient);
const storedLocale = storage.getItem<string>('locale');
/** The locale the admin opens in: main.tsx loads its catalogue before the first render. */
export const initialLocale: Locale = isLocale(storedLocale) ? storedLocale : 'en';

const directionOf = (locale: Locale): Direction => (RTL_LOCALES.includes(locale) ? 'rtl' : 'ltr');

/** What a locale needs before it shows: its catalogue and its direction's emotion cache. */
export const prepareLocale = (locale: Locale) => Promise.all([loadCatalogue(locale), loadEmotionCache(directionOf(locale))]);

/** Notifications clear after 3 seconds (spec §4). */
const AppNotification = () => <Notification autoHideDuration={3000} />;

/** "/" goes to the signed-in person's home page, or to sign-in for a guest. */
function RootRedirect() {
  const principal = usePrincipal();
  return <Navigate to={isSignedIn(principal) ? homePath(principal) : '/login'} replace />;
}

/**
 * The locale lives in react-admin's store; follow it to set <html dir/lang> and the theme direction,
 * once its catalogue is there (react-admin switches the texts then too).
 */
function useLocaleDirection(initial: Locale) {
  const [locale, setLocale] = useState<Locale>(initial);
  useEffect(
    () =>
      store.subscribe('locale', (value: unknown) => {
        if (!isLocale(value)) return;
        // a failed load leaves the page as it was (react-admin reports it)
        prepareLocale(value).then(() => store.getItem('locale') === value && setLocale(value), () => undefined);
      }),
    [],
  );
  const direction = directionOf(locale);
  useEffect(() => {
    document.documentElement.dir = direction;
    document.documentElement.lang = locale;
  }, [direction, locale]);
  return { direction, locale };
}

export const App = () => (
  <PreferencesProvider>
    <ThemedApp />
  </PreferencesProvider>
);

function ThemedApp() {
  const [i18nProvider] = useState(() => {
    const provider = createI18nProvider(initialLocale);
    shownLocale = () => provider.getLocale();
    return provider;
  });
  const { direction, locale } = useLocaleDirection(i18nProvider.getLocale() as Locale);
  const { preferences } = usePreferences();
  const theme = useMemo(() => themeFor(direction, preferences, themeTexts(locale)), [direction, preferences, locale]);
  useEffect(() => {
    document.documentElement.style.fontSize = rootFontSize(preferences.fontScale);
  }, [preferences.fontScale]);
  return (
    <CacheProvider value={emotionCache(direction)}>
      <BrowserRouter>
        {/* no requireAuth: with it, react-admin's LogoutOnMount loops on /login under a BrowserRouter;
            resources check auth themselves and custom routes use <RequireSession> */}
        <Admin
          disableTelemetry
          store={store}
          queryClient={queryClient}
          authProvider={authProvider}
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          layout={Layout}
          loginPage={LoginPage}
          dashboard={RootRedirect}
          catchAll={CatchAll}
          accessDenied={AccessRefusedRedirect}
          notification={AppNotification}
          title="Travel Back-office"
        >
          {REGISTERED.map(({ resource, screens: { children, pages: _pages, ...props } }) => (
            <Resource key={resource.name} name={resource.name} {...props}>
              {children}
            </Resource>
          ))}
          <CustomRoutes noLayout>
            <Route path="/forgot-password" element={<Suspense fallback={null}><ForgotPasswordPage /></Suspense>} />
            <Route path="/reset-password/:token" element={<Suspense fallback={null}><ResetPasswordPage /></Suspense>} />
            <Route path="/reset-password" element={<Suspense fallback={null}><ResetPasswordPage /></Suspense>} />
            <Route path={NOT_FOUND_PATH} element={<Suspense fallback={null}><NotFoundPage /></Suspense>} />
          </CustomRoutes>
          <CustomRoutes>
            <Route
              path="/dashboard"
              element={
                <RequireSession>
                  <DashboardRoute />
                </RequireSession>
              }
            />
            <Route
              path="/profile"
              element={
                <RequireSession>
                  <ProfilePage />
                </RequireSession>
              }
            />
            {REGISTERED.flatMap(({ resource, screens }) =>
              (screens.pages ?? []).map((page) => (
                <Route key={page.path} path={page.path} element={<RequireResourceAccess resource={resource.name}>{page.element}</RequireResourceAccess>} />
              )),
            )}
            <Route
              path="/chat"
              element={
                <RequireAccess resource="chat">
                  <PlaceSearchPage />
                </RequireAccess>
              }
            />
            <Route
              path="/aiItineraries"
              element={
                <RequireAccess resource="aiItineraries">
                  <AiItinerariesPage />
                </RequireAccess>
              }
            />
            <Route
              path="/moderation"
              element={
                <RequireAccess resource="moderation">
                  <DeskPage />
                </RequireAccess>
              }
            />
            <Route
              path="/moderation/:id"
              element={
                <RequireAccess resource="moderation">
                  <CasePage />
                </RequireAccess>
              }
            />
            <Route
              path="/trash"
              element={
                <RequireAccess resource="trash">
                  <TrashPage />
                </RequireAccess>
              }
            />
            <Route path="/ai-itineraries" element={<Navigate to="/aiItineraries" replace />} />
            <Route path="/report-user" element={<Navigate to="/reportedUsers" replace />} />
          </CustomRoutes>
        </Admin>
      </BrowserRouter>
    </CacheProvider>
  );
}

/**
 * A signed-in page: a guest goes straight to /login (react-admin's <Authenticated> alone would log out
 * over and over while its redirect is pending), a stored session is checked by <Authenticated>.
 */
function RequireSession({ children }: { children: ReactNode }) {
  if (!isSignedIn(usePrincipal())) return <Navigate to="/login" replace />;
  return <Authenticated>{children}</Authenticated>;
}

/** A signed-in page of one resource's rule (spec §6): others go where access denial sends them. */
function RequireAccess({ resource, children }: { resource: string; children: ReactNode }) {
  const principal = usePrincipal();
  return <RequireSession>{canAccess(principal, resource) ? children : <AccessRefusedRedirect />}</RequireSession>;
}

/** The dashboard is for active staff; a pending or inactive Sub-Admin goes to its profile. */
function DashboardRoute() {
  const principal = usePrincipal();
  return homePath(principal) === '/dashboard' ? <Dashboard /> : <Navigate to="/profile" replace />;
}
