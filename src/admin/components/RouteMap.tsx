import { lazy, Suspense, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { type RouteStop, RoutePlot } from './RoutePlot';

// Google's map only when the server has a key: the offline plot needs no script from the internet.
const GoogleRouteMap = lazy(() => import('./GoogleRouteMap'));

/** The route of an itinerary: a Google map with a key (GOOGLE_MAPS_API_KEY), else the offline plot. */
export function RouteMap({ stops }: { stops: RouteStop[] }) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [browserKey, setBrowserKey] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .geoConfig()
      .then((config) => live && setBrowserKey(config.browserKey))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  if (!browserKey) return <RoutePlot stops={stops} />;
  return (
    <Suspense fallback={<RoutePlot stops={stops} />}>
      <GoogleRouteMap apiKey={browserKey} stops={stops} fallback={<RoutePlot stops={stops} />} />
    </Suspense>
  );
}
