/**
 * Microsoft's mark on a 24×24 grid: four squares, drawn here (simple-icons has no Microsoft logo).
 */
export const path = 'M1 1h10.5v10.5H1zM12.5 1H23v10.5H12.5zM1 12.5h10.5V23H1zM12.5 12.5H23V23H12.5z';
