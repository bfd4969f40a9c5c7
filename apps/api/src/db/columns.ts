import { users } from './schema/users.ts';

/**
 * The columns that name a person in a select list (`.select({ ...personColumns, … })`): their id, name and
 * e-mail. Lists that show people (dashboards, pickers, mentoring, workshop instructors) read them alike.
 */
export const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};
