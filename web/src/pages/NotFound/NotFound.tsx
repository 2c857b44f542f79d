import { LazyErrorPage as ErrorPage } from '../../components/ErrorPage/LazyErrorPage';

/** The catch-all route: the 404 variant of the error page (served with status 404). */
export default function NotFound() {
  return <ErrorPage code={404} />;
}
