import { Route } from 'react-router-dom';
import { post as declared } from '../../../shared/resources/index';
import { iconOf } from '../../icons';
import { lazyNamed } from '../../lazy';
import type { ResourceScreens } from '../screens';

const PostShow = lazyNamed(() => import('./PostShow'), 'PostShow');

export default {
  list: lazyNamed(() => import('./PostList'), 'PostList'),
  icon: iconOf(declared),
  children: <Route path=":id" element={<PostShow />} />,
} satisfies ResourceScreens;
