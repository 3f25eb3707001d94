import { type z } from 'zod';

/** `address: expected a raw address 'wc:hex'; seqno: …` — names every bad field. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map(
      (issue) => `${issue.path.length === 0 ? '(root)' : issue.path.join('.')}: ${issue.message}`,
    )
    .join('; ');
}
