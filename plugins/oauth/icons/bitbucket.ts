/** Bitbucket's mark on a 24×24 grid. Path data from the simple-icons project (16.37.0), CC0 1.0. */
export const path =
  'M.778 1.213a.768.768 0 00-.768.892l3.263 19.81c.084.5.515.868 1.022.873H19.95a.772.772 0 00.77-.646l3.27-20.03a.768.768 0 00-.768-.891zM14.52 15.53H9.522L8.17 8.466h7.561z';
