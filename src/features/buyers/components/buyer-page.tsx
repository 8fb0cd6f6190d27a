import { NotBuiltPage } from '@/app/not-built-page';

/** Being built (issue 13); the owner of this feature replaces this file. */
export const BuyerPage = NotBuiltPage;
