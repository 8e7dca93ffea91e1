// Generated from the pin maps (layout) and host_tools/boards.py by host_tools/enclosure.py; do not edit.
// Top-face coordinates in mm from its centre, x right, y away from the player.
// One set of values per board; openscad -D 'board="s3|wroom"' picks another than the reference.
board = "s3";
function by_board(values) = [for (v = values) if (v[0] == board) v[1]][0];
cup_top_d = 68;
cup_mouth_d = 78;
cup_height = 80;
wall = 1.8;
lid_t = 2.4;
screen = [0, 12, 26, 14];  // x, y, w, h of the window
oled_module = [27.5, 28, -2];  // board w, h, glass centre offset from board centre in y
buttons = [["back", -21, -15, 11], ["down", -7, -16, 11], ["up", 7, -16, 11], ["select", 21, -15, 11]];  // name, x, y, hole diameter
charge_usb = [90, 10, 11, 5];  // angle, height above the mouth, w, h
power_switch = [120, 10, 9, 4.5];  // angle, height above the mouth, w, h
buzzer_holes = [0, 55, 2, 5];  // angle, height, hole d, count
board_pocket = by_board([["s3", [0, 0, 0, 19, 5.9, 1.2, 6]], ["wroom", [0, 0, 0, 28.9, 14.3, 1.2, 6]]]);  // the board's pocket on the lid: x, y, angle, inside w (its short edge) and t, wall, height
board_size = by_board([["s3", [18, 23.5, 4.9]], ["wroom", [27.9, 54.4, 13.3]]]);  // the board standing in it: short edge, length (up), thickness
data_usb = by_board([["s3", [0, 0.8, 13, 7, 0]], ["wroom", [0, 4.95, 13, 9, 0]]]);  // the lid's slot for the plug of the board's USB cable: x, y, w, h, angle
wake_button = "select";
