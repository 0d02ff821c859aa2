"""The look every screen shares: the theme and its sprites, the board drawn with its paths and arrows, the hint
bar and shortcuts, and how a tile the reader doubted is shown."""
