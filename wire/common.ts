/** Wire shapes many endpoints share (wire.md §4, §5). */
import * as v from 'valibot';

/** `{"success": true}`: what most deletes and actions answer. */
export const SuccessSchema = v.object({ success: v.literal(true) });

/** A whole list: `{items, is_paginated: false}`. */
export const listOf = <T extends v.GenericSchema>(item: T) =>
  v.object({ items: v.array(item), is_paginated: v.literal(false) });

/** `check-code` routes: the code would be accepted (it is refused with a known error otherwise). */
export const CodeValidSchema = v.object({ is_code_valid: v.literal(true) });
