// Generated from hardware/pinmap.json (layout) by host_tools/enclosure.py; do not edit.
// Top-face coordinates in mm from its centre, x right, y away from the player.
cup_top_d = 68;
cup_mouth_d = 78;
cup_height = 80;
wall = 1.8;
lid_t = 2.4;
screen = [0, 12, 26, 14];          // x, y, w, h of the window
oled_module = [27.5, 28, -2];     // board w, h, glass centre offset from board centre in y
buttons = [["back", -21, -15, 11], ["down", -7, -16, 11], ["up", 7, -16, 11], ["select", 21, -15, 11]];  // name, x, y, hole diameter
charge_usb = [90, 10, 11, 5];  // angle, height above the mouth, w, h
power_switch = [120, 10, 9, 4.5];  // angle, height above the mouth, w, h
buzzer_holes = [0, 55, 2, 5];  // angle, height, hole d, count
data_usb = [0, 0, 12, 8];  // slot in the lid for the board's USB: x, y, w, h
wake_button = "select";
