import type { Pagination } from '../../contract/common';
import { ApiError } from './errors';

/** Lists page from 1; past this a page number is a mistake, not a request. */
export const MAX_PAGE = 1_000_000;

/** The page asked for (1 when absent); 400 outside 1…MAX_PAGE. */
export function pageNumber(page: number | undefined): number {
  const number = page ?? 1;
  if (number < 1 || number > MAX_PAGE) throw new ApiError(400, `Некорректное поле page: ожидается номер страницы от 1 до ${MAX_PAGE}`);
  return number;
}

/** Pagination of a page of `count` rows out of `total`. */
export function paginationOf(count: number, page: number, total: number, pageSize: number): Pagination {
  return { count, page, pageCount: Math.ceil(total / pageSize), pageSize, totalCount: total };
}
