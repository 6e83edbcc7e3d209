import { GoogleMap, Marker, Polyline, useJsApiLoader } from '@react-google-maps/api';
import type { ReactNode } from 'react';
import type { RouteStop } from './RoutePlot';

/** The itinerary's stops on a Google map, numbered and joined in order (loaded only with a key). */
export default function GoogleRouteMap({ apiKey, stops, fallback }: { apiKey: string; stops: RouteStop[]; fallback: ReactNode }) {
  const { isLoaded, loadError } = useJsApiLoader({ googleMapsApiKey: apiKey });
  if (loadError || !isLoaded) return <>{fallback}</>;
  const path = stops.map((s) => ({ lat: s.latitude, lng: s.longitude }));
  return (
    <GoogleMap
      mapContainerStyle={{ width: '100%', height: 320 }}
      onLoad={(map) => {
        const bounds = new google.maps.LatLngBounds();
        for (const p of path) bounds.extend(p);
        map.fitBounds(bounds);
      }}
    >
      {path.map((p, i) => (
        <Marker key={`${p.lat},${p.lng},${i}`} position={p} label={String(i + 1)} title={stops[i].name} />
      ))}
      <Polyline path={path} />
    </GoogleMap>
  );
}
