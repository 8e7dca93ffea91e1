// dicecup handheld enclosure: a dice cup that stands mouth-down on the table; the screen and the four
// buttons sit on its closed top. Parametric: every position of the screen window and the button holes
// comes from pinmap_params.scad, which host_tools/enclosure.py writes from hardware/pinmap.json; the
// board's pocket on the lid and the slot for its USB cable come from the board's size and connector
// (host_tools/boards.py). That file holds every board: -D 'board="wroom"' builds the WROOM-32 DevKitC's.
// Print the cup top-face down on the bed (no supports needed) and the lid flat, pocket up.
// part = "cup" | "lid" | "show" (both, with the OLED, button caps and board, for the README picture).
include <pinmap_params.scad>
assert(!is_undef(board_pocket), str("pinmap_params.scad has no board \"", board, "\""));

part = "show";
$fn = 96;
clear = 0.3;            // print clearance: the lid is a taper press-fit in the mouth
rib_r = 1.2;            // the two stitched bands of a leather dice cup
post_d = 4.4;           // M2 screw posts for the OLED module, hanging from the top plate
post_hole = 1.7;
post_h = 2.6;           // = glass thickness + gap: the glass rests against the inside of the window
oled_holes = [23.5, 23.8];  // hole spacing of the common 0.96 inch SSD1306 module
mark_depth = 0.6;       // engraved button symbols

function r_out(z) = cup_mouth_d / 2 + (cup_top_d - cup_mouth_d) / 2 * z / cup_height;
function r_in(z) = r_out(z) - wall;
top_z = cup_height;

module ring(z) {
    translate([0, 0, z]) rotate_extrude() translate([r_out(z), 0]) circle(r = rib_r, $fn = 24);
}

module side_slot(s) {   // [angle, z, w, h]
    rotate([0, 0, s[0]]) translate([r_out(s[1]), 0, s[1]]) cube([wall * 4, s[2], s[3]], center = true);
}

module buzzer_grille(b) {   // [angle, z, d, n]
    step = (b[2] * 2.2) / r_out(b[1]) * 180 / PI;
    for (i = [0 : b[3] - 1])
        rotate([0, 0, b[0] + (i - (b[3] - 1) / 2) * step])
            translate([r_out(b[1]), 0, b[1]]) rotate([0, 90, 0]) cylinder(d = b[2], h = wall * 4, center = true, $fn = 16);
}

module symbol(name, d) {   // what each button does, engraved above its hole
    s = d * 0.28;
    if (name == "up") polygon([[-s, -s * 0.6], [s, -s * 0.6], [0, s * 0.8]]);
    else if (name == "down") polygon([[-s, s * 0.6], [s, s * 0.6], [0, -s * 0.8]]);
    else if (name == "back") polygon([[s * 0.6, -s], [s * 0.6, s], [-s * 0.8, 0]]);
    else circle(r = s * 0.7, $fn = 24);
}

module window() {   // chamfered outwards so the screen reads from an angle
    translate([screen[0], screen[1], top_z - wall - 0.01])
        linear_extrude(height = wall + 0.02, scale = [(screen[2] + 2 * wall) / screen[2], (screen[3] + 2 * wall) / screen[3]])
            square([screen[2], screen[3]], center = true);
}

module oled_posts() {
    cy = screen[1] - oled_module[2];
    for (sx = [-1, 1], sy = [-1, 1])
        translate([screen[0] + sx * oled_holes[0] / 2, cy + sy * oled_holes[1] / 2, top_z - wall - post_h])
            difference() {
                cylinder(d = post_d, h = post_h + 0.01, $fn = 24);
                translate([0, 0, -0.01]) cylinder(d = post_hole, h = post_h, $fn = 16);
            }
}

module cup() {
    difference() {
        union() {
            cylinder(h = cup_height, r1 = r_out(0), r2 = r_out(cup_height));
            ring(7);
            ring(cup_height - 9);
        }
        translate([0, 0, -0.01]) cylinder(h = cup_height - wall + 0.01, r1 = r_in(0), r2 = r_in(cup_height - wall));
        window();
        for (b = buttons) translate([b[1], b[2], top_z - wall - 1]) cylinder(d = b[3], h = wall + 2);
        for (b = buttons)
            translate([b[1], b[2] + b[3] / 2 + 3.2, top_z - mark_depth]) linear_extrude(height = mark_depth + 0.01) symbol(b[0], b[3]);
        side_slot(charge_usb);
        side_slot(power_switch);
        buzzer_grille(buzzer_holes);
    }
    oled_posts();
}

module pocket_walls(p) {   // [x, y, angle, w, t, wall, h]: walls around the board standing on its USB end
    translate([p[0], p[1], lid_t - 0.01]) rotate([0, 0, p[2]])
        linear_extrude(height = p[6] + 0.01) difference() {
            square([p[3] + 2 * p[5], p[4] + 2 * p[5]], center = true);
            square([p[3], p[4]], center = true);
        }
}

module lid() {   // wedges itself in the tapering mouth, flush with the rim
    d = 2 * r_in(lid_t) - clear;
    difference() {
        union() {
            cylinder(h = lid_t, d = d);
            pocket_walls(board_pocket);
        }
        // the cable's plug goes in from below; the board's receptacle sits in the slot's top
        translate([data_usb[0], data_usb[1], -0.01]) rotate([0, 0, data_usb[4]])
            linear_extrude(height = lid_t + 0.02) square([data_usb[2], data_usb[3]], center = true);
        translate([d / 2, 0, -0.01]) cylinder(h = lid_t + 0.02, r = 5);   // finger notch to pull it out
    }
}

module board_standing() {   // the board in its pocket, for the picture
    p = board_pocket;
    translate([p[0], p[1], lid_t]) rotate([0, 0, p[2]])
        translate([-board_size[0] / 2, -board_size[2] / 2, 0]) cube([board_size[0], board_size[2], board_size[1]]);
}

module show() {
    color("firebrick") cup();
    color("black") translate([screen[0], screen[1], top_z - wall - 0.6]) cube([screen[2] + 2, screen[3] + 2, 0.5], center = true);
    color("white") translate([screen[0] - screen[2] * 0.3, screen[1] - 2, top_z - wall - 0.3]) cube([6, 6, 0.4]);
    for (b = buttons)
        color(b[0] == wake_button ? "gold" : "ivory") translate([b[1], b[2], top_z - wall]) cylinder(d = b[3] - 1, h = wall + 1.5);
    color("sienna") translate([cup_mouth_d * 0.95, 0, 0]) lid();
    color("seagreen") translate([cup_mouth_d * 0.95, 0, 0]) board_standing();
}

if (part == "cup") cup();
else if (part == "lid") lid();
else show();
