"""The History room: the practice rounds kept in the store, drawn over time, with totals and the measured pace."""
