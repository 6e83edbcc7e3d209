// The spec's validation and error texts (spec §5, §8), in English. They are the `validation.*` and
// `messages.*` entries of the i18n catalogues; schemas carry the catalogue KEY so the admin shows the
// text in the current language and the server answers with the English text.

export const validationMessages = {
  emailRequired: 'You must enter a email',
  emailInvalid: 'You must enter a valid email',
  passwordRequired: 'Please enter your password.',
  passwordTooShort: 'Password is too short - should be 4 chars minimum.',
  resetPasswordRule:
    'Password must be 8 characters long with at least one uppercase letter, one lowercase letter, one special character and one number.',
  passwordsDontMatch: "New password doesn't Match the confirm password",
  nameRequired: 'Name is required',
  nameInvalid: 'Name is not valid',
  userEmailRequired: 'Email is required',
  userEmailInvalid: 'Please enter valid email',
  phoneRequired: 'You must enter Phone Number',
  phoneInvalid: 'Phone number is not valid',
  phoneTooShort: 'Phone number is too short',
  phoneTooLong: 'Phone number is too long',
  statusRequired: 'Status is required',
  userPasswordRequired: 'Password is required',
  userPasswordRule:
    'Password must be 8 characters long with at least one uppercase letter, one special character and one number',
  subAdminPasswordRule: 'Must Contain 8 Characters, One Lowercase, One Number and one special case Character',
  fileTypeNotSupported: 'File type is not supported',
  sequenceInvalid: 'Sequence must be a whole number, 0 or more',
  tokenRequired: 'The reset link is not valid.',
  invalidInput: 'The request is not valid.',
  categoryNameEmpty: 'Category Name should not be empty.',
  categoryNameRequired: 'You must enter a name',
  statusSelect: 'Please select the status',
  tagNameEmpty: 'Tag Name should not be empty.',
  tagNameRequired: 'Please Enter Name',
  tagStatusRequired: 'Please Select Status',
  reportCategoryNameRequired: 'Please enter a name',
  nameTooLong: 'The name may have at most 100 characters.',
  templateTitleRequired: 'Please enter a Title',
  pageTitleRequired: 'You must enter a title',
  pageDescriptionRequired: 'Please select the description',
  titleTooLong: 'The title may have at most 200 characters.',
  slugInvalid: 'The slug may only hold letters, digits and dashes.',
  spotNameRequired: 'Please enter a name',
  placeRequired: 'Please choose a place from the suggestions.',
  postUserRequired: 'Please select the User',
  postTitleRequired: 'Please Enter title',
  postDateRequired: 'Please Enter Date',
  postDateInvalid: 'The date must look like YYYY-MM-DD HH:mm:ss.',
  addressRequired: 'Please Enter Address',
  imageRequired: 'Please Add Image',
  addressOrImagesEmpty: 'Address or Images cannot be empty',
  imageTypeNotSupported: ' File type is not supported',
  placeSearchRequired: 'Please select Place types and Enter place name!',
  tooManyPlaceTypes: 'You can only select 3 types at a time!',
  suggestionRequired: 'Please select Preference category and enter itinerary search!',
  templatePlaceholderPlace: 'A placeholder such as {{link}} may only stand in the text or as the whole address of a link.',
  templateRemoteImage: 'An email may only show images stored on this site: remove the images that come from other addresses.',
  controlCharacters: 'The text must not hold control characters (such as a NUL byte); please remove them.',
  // the declared resources' forms (src/shared/resources/fields.ts)
  fieldRequired: 'Please fill in this field.',
  textTooLong: 'This text is too long.',
  choiceRequired: 'Please choose one of the values.',
  wholeNumber: 'Please enter a whole number.',
  currentPasswordRequired: 'Please enter your current password to set a new one.',
  // two-factor sign-in (src/shared/validation/twoFactor.ts)
  twoFactorCodeRequired: 'Please enter the code.',
  twoFactorProofRequired: 'Enter a current code from your app, or your password.',
  graceDaysInvalid: 'The grace period is a whole number of days from 0 to 90.',
  // the AI trip and typed coordinates (issue 32 M11, M12)
  tripDaysInvalid: 'Each stop needs the day of the trip it is on: a whole number from 1 to 7, one per stop.',
  latitudeRange: 'The latitude must be a number from -90 to 90.',
  longitudeRange: 'The longitude must be a number from -180 to 180.',
} as const;

export const errorMessages = {
  invalidUser: 'Invalid User!',
  invalidCredentials: 'Email or password is incorrect.',
  invalidAccessToken: 'Invalid access_token',
  failedToLoginWithToken: 'Failed to login with token.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found',
  tooManyAttempts: 'Too many failed sign-in attempts. Please try again later.',
  resetLinkInvalid: 'This reset link is invalid or has expired.',
  linkSent: 'Link has been sent to your Email ID',
  passwordChanged: 'Password changed successfully',
  profileUpdated: 'Profile has been updated successfully',
  emailTaken: 'This email is already registered.',
  userAdded: 'User has been added successfully',
  subAdminAdded: 'Sub-Admin user has been added successfully',
  userUpdated: 'User has been updated successfully',
  subAdminUpdated: 'Sub Admin has been updated successfully',
  userDeleted: 'User has been deleted successfully',
  sequenceUpdated: 'Sequence has been updated successfully',
  unableToUpdateSequence: 'Unable to update sequence',
  unableToBulkAction: 'Unable to perform bulk action',
  bulkResult: '%{n} users %{action} successfully, %{m} users failed',
  cannotDeleteSelf: 'You cannot delete your own account.',
  userNotFound: 'User not found',
  accountInactive: 'Your account is not active.',
  // passwords and sessions (issue 31 §2)
  commonPassword: 'This password is too common: it is in lists of leaked passwords. Please choose another one.',
  currentPasswordWrong: 'The current password is not correct.',
  signedOut: 'You have been signed out.',
  sessionEnded: 'The session has been signed out.',
  sessionNotOpen: 'This session is no longer open.',
  signedOutEverywhere: 'Signed out everywhere.',
  // two-factor sign-in (src/server/modules/twoFactor/)
  twoFactorEnterCode: 'Enter the code from your authenticator app.',
  twoFactorEnrolFirst: 'Two-factor sign-in is required for staff: set it up to continue.',
  twoFactorCodeWrong: 'The code is not correct.',
  twoFactorSignInExpired: 'This sign-in has expired. Please sign in again.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on.',
  twoFactorNoSetup: 'No two-factor key is waiting to be confirmed: start the set-up again.',
  twoFactorNotOn: 'Two-factor sign-in is not on for this account.',
  twoFactorPasswordWrong: 'The password is not correct.',
  twoFactorTurnedOn: 'Two-factor sign-in is on.',
  twoFactorTurnedOff: 'Two-factor sign-in is off.',
  twoFactorReset: 'Two-factor sign-in has been reset: the person sets it up again at the next sign-in.',
  twoFactorPolicySaved: 'The two-factor policy has been saved.',
  twoFactorResetTarget: 'Only the two-factor sign-in of a Sub-Admin can be reset.',
  serverError: 'Something went wrong. Please try again.',
  // a plain resource's writes (src/server/modules/declared/)
  recordAdded: 'The record has been added.',
  recordUpdated: 'The record has been updated.',
  recordDeleted: 'The record has been deleted.',
  recordDuplicates: 'Already taken: %{names}.',
  recordChanged: 'This record was changed by someone else. Reload it to see the changes.',
  categoryAdded: 'Category has been added Successfully',
  categoryUpdated: 'Category has been updated Successfully',
  categoryDeleted: 'Category has been deleted Successfully',
  categoryDuplicates: 'Category name such as %{names} already exist.',
  tagAdded: 'Tag has been added Successfully',
  tagUpdated: 'Tag has been updated Successfully',
  tagDeleted: 'Tag has been Deleted Successfully',
  tagDuplicates: 'Tag name %{names} already exist.',
  reportCategoryAdded: 'Report Category has been inserted Successfully',
  reportCategoryUpdated: 'Report Category has been updated Successfully',
  reportCategoryDeleted: 'Report Category has been Deleted Successfully',
  reportCategoryDuplicates: 'Category name %{names} already exist.',
  emailTemplateAdded: 'Email Template has been added successfully',
  emailTemplateUpdated: 'Email Template has been updated successfully',
  // an email template's test mail to oneself (issue 32 m27)
  testMailSent: 'Sent to %{email}',
  testMailsTooMany: 'Too many test emails in a minute. Please wait a moment and try again.',
  pageAdded: 'Content Management has been added Successfully',
  pageUpdated: 'Content Management has been updated Successfully',
  pageDeleted: 'Content Management has been Deleted Successfully',
  slugTaken: 'This slug is already used: choose another one.',
  spotAdded: 'Spot has been added Successfully',
  spotUpdated: 'Spot has been updated Successfully',
  spotDeleted: 'Spot has been Deleted Successfully',
  spotExists: 'This place is already a spot: %{name}, within 100 m. Use that spot instead of adding a copy.',
  spotInactive: 'This Spot is Inactive.',
  postAdded: 'Post has been added Successfully',
  postUpdated: 'Post has been updated Successfully',
  postDeleted: 'Post has been Deleted Successfully',
  itineraryDeleted: 'Itinerary has been Deleted Successfully',
  itineraryUpdated: 'Itinerary has been updated Successfully',
  postUserNotFound: 'The selected user does not exist.',
  userStatusUpdated: 'User Status has been updated Successfully',
  postStatusUpdated: 'Post Status has been updated Successfully',
  postInactive: 'This Post is Inactive. Click on the Action button to make it Active',
  reportNotFound: 'This report does not exist.',
  staffNotModerated: 'Staff accounts cannot be moderated.',
  spotNotInPost: 'This spot belongs to other content: only the spots of this post can be changed here.',
  imageTooLarge: 'This image has too many pixels: at most 110 megapixels are accepted (larger than 8,000 pixels a side or 40 megapixels, it is stored smaller).',
  spotImageNotStored: 'Only a picture stored for a spot can be used here: choose an existing spot picture or upload the image.',
  noDataFound: 'No data found',
  savingPlaces: 'Please wait for a while, results are being saved!',
  placesSaved: '%{saved} places saved, %{skipped} already known.',
  resultsSaved: 'Search Results have been saved Successfully',
  nothingToSuggest: 'No itinerary can be suggested for "%{search}": no spots are known near %{place} yet.',
  unknownPlace: 'No itinerary can be suggested: "%{place}" is not a place we know.',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
export type ErrorMessageKey = keyof typeof errorMessages;

/** Catalogue key of a validation message, as carried by the zod schemas. */
export const v = (key: ValidationMessageKey): string => `validation.${key}`;

/** English text of an error message with its %{placeholders} filled, as the server answers it. */
export function englishMessage(key: ErrorMessageKey, values: Record<string, string | number> = {}): string {
  return errorMessages[key].replace(/%\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** English text of a catalogue key produced by `v()`, or the text itself when it is not a key. */
export function englishText(keyOrText: string): string {
  if (keyOrText.startsWith('validation.')) {
    const k = keyOrText.slice('validation.'.length) as ValidationMessageKey;
    return validationMessages[k] ?? keyOrText;
  }
  return keyOrText;
}
