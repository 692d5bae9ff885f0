/**
 * LinkedIn's "in" on a 24×24 grid, drawn here as plain shapes (simple-icons has no LinkedIn logo):
 * the dot and stem of the i, and the n as a stem with an arch.
 */
export const path =
  'M3.5 5.5a2 2 0 1 0 4 0a2 2 0 1 0-4 0zM3.75 9h3.5v11.5h-3.5zM9.5 9h3.3v1.6c.6-1.1 2-1.9 3.8-1.9 3.4 0 4 2.2 4 5.1v6.7h-3.5v-5.9c0-1.4 0-3.2-2-3.2s-2.3 1.5-2.3 3.1v6H9.5z';
