package predict

// core returns the edges of adj that can lie on a cycle: it repeatedly
// removes vertices with no incoming or no outgoing edge left (they are on
// no cycle), so that only what remains goes to the graph library. With
// mostly consistent lock orders this is a small part of the graph.
func core(adj map[[2]int]bool) [][2]int {
	succ, pred := make(map[int][]int), make(map[int][]int)
	for k := range adj {
		succ[k[0]] = append(succ[k[0]], k[1])
		pred[k[1]] = append(pred[k[1]], k[0])
	}
	in, out := make(map[int]int), make(map[int]int)
	var queue []int
	for v := range vertices(succ, pred) {
		in[v], out[v] = len(pred[v]), len(succ[v])
		if in[v] == 0 || out[v] == 0 {
			queue = append(queue, v)
		}
	}
	gone := make(map[int]bool)
	for len(queue) > 0 {
		v := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if gone[v] {
			continue
		}
		gone[v] = true
		for _, w := range succ[v] {
			if in[w]--; in[w] == 0 && !gone[w] {
				queue = append(queue, w)
			}
		}
		for _, u := range pred[v] {
			if out[u]--; out[u] == 0 && !gone[u] {
				queue = append(queue, u)
			}
		}
	}
	var keep [][2]int
	for k := range adj {
		if !gone[k[0]] && !gone[k[1]] {
			keep = append(keep, k)
		}
	}
	return keep
}

func vertices(succ, pred map[int][]int) map[int]bool {
	vs := make(map[int]bool, len(succ))
	for v := range succ {
		vs[v] = true
	}
	for v := range pred {
		vs[v] = true
	}
	return vs
}
