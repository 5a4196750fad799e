/** The id of the `<script type="application/json">` that carries the server router's state to the browser. */
export const ROUTER_STATE_ID = 'router-state';
