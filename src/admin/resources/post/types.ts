import type { RaRecord } from 'react-admin';

/** A post or itinerary as GET /api/post/{id} answers it. */
export interface PostDetail extends RaRecord {
  id: number;
  type: 'post' | 'itinerary';
  user_id: number;
  user: { id: number; name: string };
  title: string;
  description: string | null;
  itinerary_date: string | null;
  is_planeed: string;
  is_public: number;
  created_at: string;
  deleted_at: string | null;
  postCategory: { category: { id: number; name: string } }[];
  postTag: { tag: { id: number; name: string } }[];
  postSpot: {
    id: number;
    itinerary_date: string | null;
    spot: {
      id: number;
      name: string;
      status: string;
      image: string | null;
      thumbnail_url: string | null;
      address: string | null;
      latitude: number | null;
      longitude: number | null;
      city: string | null;
      state: string | null;
      country: string | null;
    };
  }[];
}
