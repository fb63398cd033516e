"""Castle Wars: draft Knights, Archers, Mages and Towers, then attack or defend."""
