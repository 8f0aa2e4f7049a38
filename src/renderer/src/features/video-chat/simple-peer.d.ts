// The package's self-contained browser build (no Node built-ins for Vite to shim), typed as the package.
declare module 'simple-peer/simplepeer.min.js' {
  import SimplePeer from 'simple-peer';
  export default SimplePeer;
}
