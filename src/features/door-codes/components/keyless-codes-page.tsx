import { NotBuiltPage } from '@/app/not-built-page';

/** Replaced by the real screen (issue 14). */
export const KeylessCodesPage = NotBuiltPage;
