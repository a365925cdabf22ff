/** Who signed a request: what the API knows of the signed-in learner. */
export interface SessionUser {
  id: string;
  email: string;
}
