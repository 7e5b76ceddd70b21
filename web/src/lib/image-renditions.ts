/** `srcSetOf`: `url 320w, url 640w` for `srcset`; `renditionFor`: one copy for places without `srcset` (a video's poster). */
export { renditionFor, srcSetOf } from '@km/contracts/vocabulary';
