"""Windup War: a game of cataclysmic toy combat (Katie Khau & Jess Chu)."""
