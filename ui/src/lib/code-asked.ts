// The calls confirmed by a texted code bound to their terms (a savings plan, a standing order) answer 403
// {code_required} to terms sent without it; the same terms sent with the code do the thing.
import { ApiError, request } from "../api";

/** CodeAsked is the answer that texted the code. */
export type CodeAsked = { code_required: true; message: string };

/** postTerms posts terms, with the texted code once there is one; the 403 that asks for it is an answer. */
export async function postTerms<T>(path: string, terms: object, verification_code?: string): Promise<T | CodeAsked> {
  try {
    return await request<T>("POST", path, verification_code ? { ...terms, verification_code } : terms);
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return { code_required: true, message: err.message };
    throw err;
  }
}
