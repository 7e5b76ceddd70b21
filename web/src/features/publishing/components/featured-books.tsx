import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { formatPrice } from '@/lib/format-price';
import { useAfterFirstPaint } from '@/lib/use-after-first-paint';
import { FEATURED_BOOKS_COUNT, useFeaturedBooks, type BookProduct } from '../api/get-featured-books';

/** Books from the store's Books category; the section says so plainly when there are none yet. */
export function FeaturedBooks() {
  // Below the fold: asked for after the first paint, so the hero (the page's largest paint) does not wait for it.
  const { data, isPending, isError } = useFeaturedBooks({ enabled: useAfterFirstPaint() });
  const books = data?.items ?? [];

  return (
    <section aria-labelledby="books-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 lg:px-8 lg:py-20">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="books-heading" className="font-serif text-3xl font-bold text-indigo-950 sm:text-4xl">
            Featured Books
          </h2>
          <p className="mt-2 text-slate-600">Titles from Kingdom authors, available in our store.</p>
        </div>
        <Link to="/products?category=Books" className={buttonClasses('outline')}>
          Browse All Books
        </Link>
      </div>

      {isPending && (
        <ul aria-busy="true" aria-label="Loading featured books" className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {Array.from({ length: FEATURED_BOOKS_COUNT }, (_, index) => (
            <li key={index} className="animate-pulse overflow-hidden rounded-xl border border-indigo-100 bg-white">
              <div className="aspect-square bg-indigo-50" />
              <div className="grid gap-2 p-4">
                <div className="h-4 w-3/4 rounded bg-indigo-50" />
                <div className="h-4 w-1/3 rounded bg-indigo-50" />
              </div>
            </li>
          ))}
        </ul>
      )}

      {!isPending && (isError || books.length === 0) && (
        <div className="mt-8 flex flex-col items-center gap-3 rounded-xl border border-dashed border-indigo-200 bg-white p-10 text-center text-slate-600">
          <BookOpen className="size-10 text-indigo-300" aria-hidden />
          <p>
            {isError
              ? 'Our featured books could not be loaded right now. Please try again later.'
              : 'New titles from our authors are on their way. Check back soon.'}
          </p>
        </div>
      )}

      {books.length > 0 && (
        <ul className="mt-8 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
          {books.map((book) => (
            <li key={book.id}>
              <BookCard book={book} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function BookCard({ book }: { book: BookProduct }) {
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-indigo-100 bg-white shadow-sm">
      {book.imageUrl && !imageFailed ? (
        <img
          src={book.imageUrl}
          alt={`Cover of ${book.name}`}
          loading="lazy"
          decoding="async"
          onError={() => setImageFailed(true)}
          className="aspect-square w-full bg-indigo-50 object-cover"
        />
      ) : (
        <div className="grid aspect-square place-items-center bg-indigo-50 text-indigo-300">
          <BookOpen className="size-12" aria-hidden />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-bold text-slate-900">{book.name}</h3>
        <p className="line-clamp-2 text-sm text-slate-600">{book.description}</p>
        <p className="mt-auto pt-2 text-lg font-bold text-indigo-900">{formatPrice(book.price)}</p>
      </div>
    </article>
  );
}
