package dev.taskgate.examples.hoi4.focus;

import java.nio.file.Path;

import dev.taskgate.examples.hoi4.support.DirectoryWorkspace;

/** Small focus files in the shape of the game's, written into a test directory. */
final class FocusFixtures {
    static final String GERMANY = "mod/common/national_focus/germany.txt";
    static final String SHARED = "mod/common/national_focus/shared.txt";

    private FocusFixtures() {}

    /**
     * A tree of five focuses (two placed relative to others, one with alternatives and a second required group, one
     * mutually exclusive pair written from both sides) and two shared focuses it pulls in, plus one it does not.
     */
    static DirectoryWorkspace germany(Path directory) {
        return new DirectoryWorkspace("mod", directory).write(GERMANY, """
                        focus_tree = {
                        \tid = german_focus
                        \tcountry = { factor = 0 modifier = { add = 10 tag = GER } }
                        \tshared_focus = SH_root
                        \tfocus = {
                        \t\tid = GER_army
                        \t\tcost = 10
                        \t\tx = 5
                        \t\ty = 0
                        \t}
                        \tfocus = {
                        \t\tid = GER_navy
                        \t\tcost = 7.5
                        \t\tx = 2
                        \t\ty = 0
                        \t}
                        \tfocus = {
                        \t\tid = GER_tanks
                        \t\tcost = 10
                        \t\trelative_position_id = GER_army
                        \t\tx = -1
                        \t\ty = 1
                        \t\tprerequisite = { focus = GER_army }
                        \t}
                        \tfocus = {
                        \t\tid = GER_planes
                        \t\tcost = @long
                        \t\trelative_position_id = GER_tanks
                        \t\tx = 2
                        \t\ty = 1
                        \t\tprerequisite = { focus = GER_army focus = GER_navy }
                        \t\tprerequisite = { focus = GER_tanks }
                        \t\tmutually_exclusive = { focus = GER_ships }
                        \t}
                        \tfocus = {
                        \t\tid = GER_ships
                        \t\tx = 2 y = 1
                        \t\tprerequisite = { focus = GER_navy }
                        \t\tmutually_exclusive = { focus = GER_planes }
                        \t}
                        }
                        """).write(SHARED, """
                        shared_focus = {
                        \tid = SH_root
                        \tcost = 5
                        \tx = 10 y = 0
                        }
                        shared_focus = {
                        \tid = SH_next
                        \trelative_position_id = SH_root
                        \tx = 0 y = 1
                        \tprerequisite = { focus = SH_root }
                        }
                        shared_focus = {
                        \tid = SH_unrelated
                        \tx = 20 y = 0
                        }
                        """);
    }
}
