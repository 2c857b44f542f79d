/** The add-to-cart form for the server's render of a product card; the browser loads it as a chunk (`ProductCard.tsx`). */
export { AddToCart } from './AddToCart';
