package dev.taskgate.examples.hoi4.focus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;

/**
 * Tarjan's strongly connected components over nodes {@code 0..n-1}, iterative so that a long prerequisite chain
 * cannot overflow the stack.
 */
final class StronglyConnected {
    private StronglyConnected() {}

    /** The components with more than one node or a self-loop (the cycles), each sorted, in discovery order. */
    static List<List<Integer>> cycles(List<List<Integer>> successors) {
        int n = successors.size();
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        Deque<Integer> stack = new ArrayDeque<>();
        List<List<Integer>> cycles = new ArrayList<>();
        int counter = 0;
        for (int start = 0; start < n; start++) {
            if (index[start] >= 0) {
                continue;
            }
            // each frame: node and the position of the next successor to visit
            Deque<int[]> frames = new ArrayDeque<>();
            frames.push(new int[] {start, 0});
            index[start] = low[start] = counter++;
            stack.push(start);
            onStack[start] = true;
            while (!frames.isEmpty()) {
                int[] frame = frames.peek();
                int node = frame[0];
                List<Integer> next = successors.get(node);
                if (frame[1] < next.size()) {
                    int successor = next.get(frame[1]++);
                    if (index[successor] < 0) {
                        index[successor] = low[successor] = counter++;
                        stack.push(successor);
                        onStack[successor] = true;
                        frames.push(new int[] {successor, 0});
                    } else if (onStack[successor]) {
                        low[node] = Math.min(low[node], index[successor]);
                    }
                    continue;
                }
                frames.pop();
                if (!frames.isEmpty()) {
                    int parent = frames.peek()[0];
                    low[parent] = Math.min(low[parent], low[node]);
                }
                if (low[node] == index[node]) {
                    List<Integer> component = new ArrayList<>();
                    int member;
                    do {
                        member = stack.pop();
                        onStack[member] = false;
                        component.add(member);
                    } while (member != node);
                    if (component.size() > 1 || successors.get(node).contains(node)) {
                        component.sort(null);
                        cycles.add(component);
                    }
                }
            }
        }
        return cycles;
    }
}
