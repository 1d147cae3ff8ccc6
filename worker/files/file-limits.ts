// Upload limits the server enforces and the web's pickers check first: pure constants, importable by both.

/** An image (avatar, event cover, case image): at most 5 MB. */
export const IMAGE_MAX_BYTES = 5_242_880;
