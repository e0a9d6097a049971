/** Whether saved personal info still passes today's rules (the name check saves it again whole). */
import { SaveBasicInfoRequest } from 'shared/schemas';

const NAMES = ['firstName', 'middleName', 'lastName'];

/** personal info saved before a field became required (e.g. the ID card type) is completed on its own form: saving only a corrected name would be refused */
export function lacksPersonalFields(basic: unknown): boolean {
  // the saved National ID comes back masked only: the server keeps it when the request leaves it out
  const r = SaveBasicInfoRequest.safeParse(basic);
  return !r.success && r.error.issues.some((i) => !NAMES.includes(String(i.path[0])));
}
