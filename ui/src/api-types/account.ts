// A person's account: who they are, their sign-up and sign-in answers. api.ts re-exports every shape
// (api-types/index.ts).
import type { PasskeyOptions } from "./second-factor";
import type { Balances } from "./wallet";

/** User is the account as the server returns it. */
export type User = {
  id: number;
  first_name: string;
  last_name: string;
  name?: string;
  phone_number: string;
  national_id?: string;
  birth_date?: string;
  referral_code?: string | null;
  grade?: number;
  is_admin: number | boolean;
  /** role is owner, staff or customer (is_admin is true for the first two). */
  role?: "owner" | "staff" | "customer";
  /** second_factor tells whether an authenticator is on (issue 27). */
  second_factor?: boolean;
  /** must_enrol_second_factor: an owner or staff member without one can do nothing but enrol it. */
  must_enrol_second_factor?: boolean;
};

/** UserInfo is the part of the user kept in localStorage. */
export type UserInfo = Pick<User, "id" | "first_name" | "last_name" | "name" | "is_admin" | "role" | "must_enrol_second_factor">;

/** Session is what the app knows about who is logged in. */
export type Session = { token: string | null; user: UserInfo | null };

/** Me is the answer of GET /api/users/me. */
export type Me = { user: User; balance: Balances };

/** LoginAnswer is the answer of the calls that log a user in. */
export type LoginAnswer = { accessToken: string; refreshToken: string; user: User; message?: string };

/**
 * SecondFactorAsked is the answer of a right password or SMS code of a person with a second factor on (issue
 * 27): no token yet, a challenge that POST /api/auth/second-factor finishes with the authenticator's code.
 */
export type SecondFactorAsked = {
  second_factor_required: true;
  challenge: string;
  message?: string;
  /** totp: an authenticator app's code is asked; passkey: the options a passkey can answer with (where one is on and can work). */
  totp?: boolean;
  passkey?: PasskeyOptions;
};

/** SignInAnswer is what a sign-in's first step answers. */
export type SignInAnswer = LoginAnswer | SecondFactorAsked;

/** Message is a success answer that only carries a Persian text. */
export type Message = { message?: string };

/** RegisterForm is the body of POST /api/auth/register. */
export type RegisterForm = {
  first_name: string;
  last_name: string;
  national_id: string;
  phone_number: string;
  password: string;
  birth_date: string;
  referral_code?: string;
};

/**
 * RegisterAnswer is the answer of POST /api/auth/register: registration_id is shown only here and must go
 * with the code to POST /api/auth/verify, or the sign-up is not completed.
 */
export type RegisterAnswer = Message & { phone_number?: string; registration_id: string };

export type AdminUser = {
  id: number;
  first_name: string;
  last_name: string;
  name: string;
  phone_number: string;
  grade: number;
  is_admin: number;
  created_at: string;
  /** second_factor: an authenticator or a passkey is on (the owner may reset it, issue 36). */
  second_factor: boolean;
};
