// English catalogue: react-admin's own texts plus the product's (spec texts verbatim). tr.ts and ar.ts
// must have exactly the same keys (the Catalogue type enforces it).
import englishMessages from 'ra-language-english';
import { errorMessages, validationMessages } from '../../shared/validation/messages';

const app = {
  app: {
    name: 'Travel Back-office',
    footer: '© %{year} Travel Back-office. All rights reserved.',
    loading: 'Loading...',
    no_records: 'No records found!',
    no_data: 'No data found!',
    language: 'Language',
    languages: { en: 'English', tr: 'Türkçe', ar: 'العربية' },
    menu: {
      dashboard: 'Dashboard',
      users: 'Users',
      subadmin: 'SubAdmin',
      spots: 'Spots',
      posts: 'Posts',
      itineraries: 'Itineraries',
      categories: 'Categories',
      tags: 'Tags',
      email_templates: 'Email Templates',
      content_management: 'Content Management',
      ai_chat: 'AI Chat',
      ai_itineraries: 'AI Itineraries',
      report: 'Report',
      report_categories: 'Report Categories',
      report_post: 'Report Post',
      report_comment: 'Report Comment',
      report_user: 'Report User',
      my_profile: 'My Profile',
      logout: 'Logout',
    },
    auth: {
      login_title: 'Login to your account',
      email: 'Email',
      password: 'Password',
      login: 'Login',
      forgot_password_link: 'Forgot Password?',
      show_password: 'Show password',
      hide_password: 'Hide password',
      forgot_title: 'Forgot Password?',
      forgot_intro: 'Enter the email of your account and we will send you a link to reset your password.',
      send_reset_link: 'Send reset link',
      back_to_login: 'Go back to login',
      reset_title: 'Reset your password',
      new_password: 'New Password',
      confirm_new_password: 'Confirm New Password',
      reset_password: 'Reset password',
      redirecting_to_login: 'You will be redirected to the login page…',
    },
    dashboard: {
      title: 'Dashboard',
      total_users: 'Total Users',
      spots: 'Spots',
      posts: 'Posts',
      itineraries: 'Itineraries',
      categories: 'Categories',
      tags: 'Tags',
      reports: 'Reports',
      open_list: 'Open the %{name} list',
    },
    status: {
      Active: 'Active',
      Inactive: 'Inactive',
      Pending: 'Pending',
      'Request Pending': 'Request Pending',
    },
    roles: { Admin: 'Admin', 'Sub-Admin': 'Sub-Admin', User: 'User' },
    profile: {
      title: 'My Profile',
      name: 'Name',
      email: 'Email',
      role: 'Role',
      status: 'Status',
      picture: 'Profile Pic',
      change_picture: 'Change picture',
      new_password: 'New password (leave empty to keep the current one)',
      save: 'Update',
      pending_notice: 'Your account is waiting for an administrator. You can edit your profile meanwhile.',
      inactive_notice: 'Your account is not active. You can edit your profile meanwhile.',
    },
    not_found: {
      title: 'Oops! Page not found',
      message: 'The page you requested could not be found.',
      back: 'Go back to the dashboard',
    },
  },
  validation: validationMessages,
  messages: errorMessages,
  resources: {
    user: {
      name: 'User |||| Users',
      search: 'Search for Username, Email, Phone and Status',
      fields: {
        profile_pic: 'Profile Pic',
        name: 'Username',
        email: 'Email',
        location: 'Location',
        phone: 'Phone',
        postCount: 'Posts',
        userSpotCount: 'Spots',
        itineraryCount: 'Itineraries',
        sequence: 'Sequence',
        created_at: 'Registered On',
        status: 'Status',
      },
    },
    category: {
      name: 'Category |||| Categories',
      search: 'Search for Category Name and Status',
      fields: { name: 'Category Name', created_at: 'Created Date', status: 'Status' },
    },
  },
};

export const en = { ...englishMessages, ...app };

/** Same keys as English, any strings: every catalogue must be complete. */
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Catalogue = Shape<typeof en>;
