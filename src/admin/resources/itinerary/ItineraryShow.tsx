import { PostDetailView } from '../../components/PostDetailView';

/** /itinerary/{id} (spec §2): the stops by date, with the route. */
export const ItineraryShow = () => (
  <PostDetailView
    config={{
      resource: 'itinerary',
      backPath: '/itinerary',
      titleKey: 'app.itinerary.detail',
      deleteConfirmKey: 'app.confirm.delete_itinerary',
      deletedKey: 'messages.itineraryDeleted',
    }}
  />
);
