/** The widget kit's version, shown when two copies meet on one page. */
export const KIT_VERSION = '0.1.0';
