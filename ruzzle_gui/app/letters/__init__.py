"""The Letters screen: the board's letters typed or pasted, its language and size."""
