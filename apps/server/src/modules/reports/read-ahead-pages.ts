/**
 * The items of pages read one ahead, for the exports that stream a keyset-paged query: the next
 * page is asked for while the current one's items are being taken, so the database and the
 * network overlap, and nothing further is asked for until they have been taken (back-pressure).
 * `nextOf` starts the read of the page after `page`, or answers null when `page` was the last. It
 * must answer one promise per read: a Drizzle query builder runs its query again on every then().
 */
export async function* readingAhead<Page, Item>(
  first: Promise<Page>,
  nextOf: (page: Page) => Promise<Page> | null,
  itemsOf: (page: Page) => Iterable<Item>,
): AsyncGenerator<Item> {
  let page = await first;
  while (true) {
    const next = nextOf(page);
    // A failed read ahead is rethrown when awaited below, not reported as unhandled meanwhile.
    next?.catch(() => {});
    yield* itemsOf(page);
    if (!next) return;
    page = await next;
  }
}
