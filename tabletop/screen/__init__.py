"""Playing at the table: the board kit games provide, a session that can take back and resume,
and the full-screen Textual interface (imported only when a screen is opened)."""
