package render

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
)

// textDeflater compresses the panels' text rows (issue 14). The standard
// library's level 4 cost a third of a board's instructions there: it
// hashes every byte, those of a match too, and most of the panels' bytes
// are runs of the paper's index inside rows of text. This writer finds
// the same kind of matches as level 4 (greedy, 4 bytes or more, a chain
// of earlier places with the same hash, tdChain of them where level 4
// tries 16, a match of 16 bytes ending the search; a 4-byte match only
// within 4 KB), and looks first
// at the two places a panel repeats itself, the byte before (a run) and
// the row above (distance = the stride); inside a match longer than
// tdLongMatch it hashes only the match's first and last bytes. The tokens go out as dynamic-Huffman
// blocks of its own codes (RFC 1951 §3.2.7), then an empty stored block,
// so the piece ends on a byte boundary like a sync flush. Its output is
// proved by decoding it with compress/flate (TestTextDeflate,
// FuzzTextDeflate) and by TestBoardPNGFaithful.
type textDeflater struct {
	head   [1 << tdHashBits]int32 // the last place of each hash, +1 (0: none)
	prev   []int32                // the place before with the same hash, +1
	tokens []uint32
	out    []byte
	chain  int    // the most earlier places a search tries
	acc    uint64 // bits not yet written, the first in the low bits
	nacc   uint
}

const (
	tdHashBits = 15
	tdMinMatch = 4
	tdMaxMatch = 258
	tdWindow   = 1 << 15
	// tdChain is the panels' text rows' chain: level 4 tries 16; 8
	// costs 0.1 KB a board
	tdChain = 8
	// fastChain is the chain for the rows png.BestSpeed compressed
	// before: the title band, the changed bands and the panels' plain
	// paper
	fastChain   = 2
	tdNice      = 16 // level 4's nice length
	tdFarFour   = 4096
	tdLongMatch = 8 // matches longer than this hash only their first and last bytes
	tdTailHash  = 4
	// tdBlockTokens is the most tokens of a block: each block has its
	// own Huffman codes
	tdBlockTokens = 1 << 14
	// a token is a literal (< 256) or a match: tdMatch | (length-3)<<16 |
	// (distance-1)
	tdMatch = 1 << 31
)

func tdHash(u uint32) uint32 { return (u * 0x1e35a7bd) >> (32 - tdHashBits) }

// tdMatchLen is how many bytes from a and b are the same, at most max.
func tdMatchLen(data []byte, a, b, max int) int {
	sa, sb := data[a:a+max], data[b:b+max]
	n := 0
	// 32 bytes a step while they are all the same (one bounds check a
	// step: the panels' rows repeat the row above in long stretches)
	for n+32 <= max {
		pa, pb := sa[n:n+32], sb[n:n+32]
		x := binary.LittleEndian.Uint64(pa) ^ binary.LittleEndian.Uint64(pb)
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		y := binary.LittleEndian.Uint64(pa[8:]) ^ binary.LittleEndian.Uint64(pb[8:])
		y |= binary.LittleEndian.Uint64(pa[16:]) ^ binary.LittleEndian.Uint64(pb[16:])
		y |= binary.LittleEndian.Uint64(pa[24:]) ^ binary.LittleEndian.Uint64(pb[24:])
		if y != 0 {
			n += 8
			break
		}
		n += 32
	}
	for n+8 <= max {
		x := binary.LittleEndian.Uint64(sa[n:]) ^ binary.LittleEndian.Uint64(sb[n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)>>3
		}
		n += 8
	}
	for n < max && sa[n] == sb[n] {
		n++
	}
	return n
}

// compress appends to dst data compressed as deflate blocks, none final,
// ending on a byte boundary, no back-reference before data's start.
// stride is the length of a row (the place a row repeats the one above).
func (d *textDeflater) compress(dst, data []byte, stride int) []byte {
	d.tokens = d.parse(data, stride, nil)
	return d.emit(dst)
}

// tokenHint is how rows were parsed before (the layer's area): their
// tokens in order, from the token covering the rows' first byte, which
// starts skip bytes before it; old is the rows as they were then.
type tokenHint struct {
	tokens []uint32
	skip   int
	old    []byte
}

// tokenLen is how many bytes a token covers.
func tokenLen(t uint32) int {
	if t&tdMatch == 0 {
		return 1
	}
	return int(t>>16&0xFF) + 3
}

// compressHinted is compress for rows parsed before (h): where the
// rows are as they were, the earlier tokens are taken again, each match
// checked against the rows as they are now (its bytes equal to those
// dist before, within data), and only where they differ is a match
// searched, as compress does (issue 14: a changed band of the track area
// is mostly the layer's rows).
func (d *textDeflater) compressHinted(dst, data []byte, stride int, h *tokenHint) []byte {
	d.tokens = d.parse(data, stride, h)
	return d.emit(dst)
}

// parse splits data into tokens (literals and matches), reusing h's
// where they still hold when h is given.
func (d *textDeflater) parse(data []byte, stride int, h *tokenHint) []uint32 {
	if d.chain == 0 {
		d.chain = tdChain
	}
	clear(d.head[:])
	if cap(d.prev) < len(data) {
		d.prev = make([]int32, len(data))
	}
	prev := d.prev[:len(data)]
	n := len(data)
	insert := func(i int) {
		h := tdHash(binary.LittleEndian.Uint32(data[i:]))
		prev[i] = d.head[h]
		d.head[h] = int32(i + 1)
	}
	tokens := d.tokens[:0]
	// the hint's cursor: token t starts at at (relative to data)
	var hTokens []uint32
	var old []byte
	t, at := 0, 0
	if h != nil {
		hTokens, old, at = h.tokens, h.old, -h.skip
	}
	for i := 0; i < n; {
		if hTokens != nil {
			for t < len(hTokens) && at+tokenLen(hTokens[t]) <= i {
				at += tokenLen(hTokens[t])
				t++
			}
			if t < len(hTokens) {
				if tk := hTokens[t]; tk&tdMatch == 0 {
					if data[i] == old[i] {
						tokens = append(tokens, uint32(data[i]))
						i++
						continue
					}
				} else {
					dist := int(tk&0xFFFF) + 1
					end := min(at+tokenLen(tk), n)
					if end-i >= tdMinMatch && i >= dist && bytes.Equal(data[i:end], data[i-dist:end-dist]) {
						tokens = append(tokens, tdMatch|uint32(end-i-3)<<16|uint32(dist-1))
						i = end
						continue
					}
				}
			}
		}
		if i+tdMinMatch > n {
			tokens = append(tokens, uint32(data[i]))
			i++
			continue
		}
		most := min(tdMaxMatch, n-i)
		bestLen, bestDist := 0, 0
		try := func(c int) {
			dist := i - c
			if bestLen >= most || data[c+bestLen] != data[i+bestLen] {
				return
			}
			l := tdMatchLen(data, c, i, most)
			if l > bestLen && (l > tdMinMatch || dist <= tdFarFour) {
				bestLen, bestDist = l, dist
			}
		}
		// a run, then the row above
		if i >= 1 {
			try(i - 1)
		}
		if i >= stride && stride > 1 {
			try(i - stride)
		}
		if bestLen < tdNice {
			h := tdHash(binary.LittleEndian.Uint32(data[i:]))
			c := int(d.head[h]) - 1
			for tries := d.chain; c >= 0 && i-c <= tdWindow && tries > 0; tries-- {
				try(c)
				if bestLen >= tdNice {
					break
				}
				c = int(prev[c]) - 1
			}
		}
		if bestLen < tdMinMatch {
			insert(i)
			tokens = append(tokens, uint32(data[i]))
			i++
			continue
		}
		tokens = append(tokens, tdMatch|uint32(bestLen-3)<<16|uint32(bestDist-1))
		end := i + bestLen
		from := i
		if bestLen > tdLongMatch {
			insert(i)
			from = end - tdTailHash
		}
		for j := from; j < end && j+tdMinMatch <= n; j++ {
			insert(j)
		}
		i = end
	}
	return tokens
}

// emit appends d.tokens to dst as dynamic-Huffman blocks, none final,
// then an empty stored block: the byte boundary.
func (d *textDeflater) emit(dst []byte) []byte {
	d.out, d.acc, d.nacc = dst, 0, 0
	tokens := d.tokens
	for len(tokens) > 0 {
		k := min(len(tokens), tdBlockTokens)
		d.block(tokens[:k])
		tokens = tokens[k:]
	}
	// an empty stored block: the byte boundary
	d.bits(0, 3)
	d.align()
	d.out = append(d.out, 0, 0, 0xFF, 0xFF)
	return d.out
}

func (d *textDeflater) bits(v uint64, n uint) {
	d.acc |= v << d.nacc
	d.nacc += n
	if d.nacc >= 32 {
		d.out = binary.LittleEndian.AppendUint32(d.out, uint32(d.acc))
		d.acc >>= 32
		d.nacc -= 32
	}
}

func (d *textDeflater) align() {
	for d.nacc > 0 {
		d.out = append(d.out, uint8(d.acc))
		d.acc >>= 8
		d.nacc = max(d.nacc, 8) - 8
	}
	d.acc = 0
}

// lengthCode is a match length's symbol (257–285), extra bits and their
// value.
func lengthCode(l int) (sym int, nx uint, x uint64) {
	ll := l - 3
	switch {
	case l == 258:
		return 285, 0, 0
	case ll < 8:
		return 257 + ll, 0, 0
	}
	nb := bits.Len(uint(ll)) - 1
	return 257 + 4*(nb-1) + (ll>>(nb-2))&3, uint(nb - 2), uint64(ll & (1<<(nb-2) - 1))
}

// distCode is a distance's symbol (0–29), extra bits and their value.
func distCode(dist int) (sym int, nx uint, x uint64) {
	dd := dist - 1
	if dd < 4 {
		return dd, 0, 0
	}
	nb := bits.Len(uint(dd)) - 1
	return 2*nb + (dd>>(nb-1))&1, uint(nb - 1), uint64(dd & (1<<(nb-1) - 1))
}

// block writes tokens as one dynamic-Huffman block, not final.
func (d *textDeflater) block(tokens []uint32) {
	var litFreq [286]int32
	var distFreq [30]int32
	for _, t := range tokens {
		if t&tdMatch == 0 {
			litFreq[t]++
			continue
		}
		ls, _, _ := lengthCode(int(t>>16&0xFF) + 3)
		ds, _, _ := distCode(int(t&0xFFFF) + 1)
		litFreq[ls]++
		distFreq[ds]++
	}
	litFreq[256] = 1
	var litLen [286]uint8
	var distLen [30]uint8
	huffLengths(litFreq[:], litLen[:], 15)
	if slices.Max(distFreq[:]) == 0 {
		distFreq[0] = 1 // one code of one bit: there must be a distance code
	}
	huffLengths(distFreq[:], distLen[:], 15)
	nlit, ndist := 286, 30
	for nlit > 257 && litLen[nlit-1] == 0 {
		nlit--
	}
	for ndist > 1 && distLen[ndist-1] == 0 {
		ndist--
	}
	// the code lengths, run-length coded (16: the last again 3–6 times,
	// 17: 3–10 zeros, 18: 11–138 zeros)
	all := make([]uint8, 0, nlit+ndist)
	all = append(all, litLen[:nlit]...)
	all = append(all, distLen[:ndist]...)
	type clSym struct{ sym, x uint8 }
	var cls []clSym
	var clFreq [19]int32
	for i := 0; i < len(all); {
		v := all[i]
		j := i + 1
		for j < len(all) && all[j] == v {
			j++
		}
		run := j - i
		if v == 0 {
			for run >= 11 {
				k := min(run, 138)
				cls = append(cls, clSym{18, uint8(k - 11)})
				run -= k
			}
			if run >= 3 {
				cls = append(cls, clSym{17, uint8(run - 3)})
				run = 0
			}
		} else {
			cls = append(cls, clSym{v, 0})
			run--
			for run >= 3 {
				k := min(run, 6)
				cls = append(cls, clSym{16, uint8(k - 3)})
				run -= k
			}
		}
		for ; run > 0; run-- {
			cls = append(cls, clSym{v, 0})
		}
		i = j
	}
	for _, c := range cls {
		clFreq[c.sym]++
	}
	var clLen [19]uint8
	huffLengths(clFreq[:], clLen[:], 7)
	order := [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
	ncl := 19
	for ncl > 4 && clLen[order[ncl-1]] == 0 {
		ncl--
	}
	var litCode [286]uint16
	var distCodes [30]uint16
	var clCode [19]uint16
	huffCodes(litLen[:], litCode[:])
	huffCodes(distLen[:], distCodes[:])
	huffCodes(clLen[:], clCode[:])

	d.bits(2<<1, 3) // not final, dynamic
	d.bits(uint64(nlit-257), 5)
	d.bits(uint64(ndist-1), 5)
	d.bits(uint64(ncl-4), 4)
	for _, s := range order[:ncl] {
		d.bits(uint64(clLen[s]), 3)
	}
	for _, c := range cls {
		d.bits(uint64(clCode[c.sym]), uint(clLen[c.sym]))
		switch c.sym {
		case 16:
			d.bits(uint64(c.x), 2)
		case 17:
			d.bits(uint64(c.x), 3)
		case 18:
			d.bits(uint64(c.x), 7)
		}
	}
	for _, t := range tokens {
		if t&tdMatch == 0 {
			d.bits(uint64(litCode[t]), uint(litLen[t]))
			continue
		}
		ls, lnx, lx := lengthCode(int(t>>16&0xFF) + 3)
		d.bits(uint64(litCode[ls])|lx<<litLen[ls], uint(litLen[ls])+lnx)
		ds, dnx, dx := distCode(int(t&0xFFFF) + 1)
		d.bits(uint64(distCodes[ds])|dx<<distLen[ds], uint(distLen[ds])+dnx)
	}
	d.bits(uint64(litCode[256]), uint(litLen[256]))
}

// huffLengths sets lens to the code lengths of a Huffman code for freq,
// none longer than maxBits (a symbol of frequency 0 gets no code; a lone
// symbol a code of one bit).
func huffLengths(freq []int32, lens []uint8, maxBits int) {
	clear(lens)
	type node struct {
		f           int64
		left, right int32 // children, -1 for a leaf
		sym         int32
	}
	var nodes []node
	for s, f := range freq {
		if f > 0 {
			nodes = append(nodes, node{int64(f), -1, -1, int32(s)})
		}
	}
	switch len(nodes) {
	case 0:
		return
	case 1:
		lens[nodes[0].sym] = 1
		return
	}
	slices.SortFunc(nodes, func(a, b node) int {
		if a.f != b.f {
			if a.f < b.f {
				return -1
			}
			return 1
		}
		return int(a.sym - b.sym)
	})
	leaves := len(nodes)
	// two queues: the leaves in order, the inner nodes as made (in order
	// of weight too)
	li, ii := 0, leaves
	pick := func() int32 {
		if li < leaves && (ii >= len(nodes) || nodes[li].f <= nodes[ii].f) {
			li++
			return int32(li - 1)
		}
		ii++
		return int32(ii - 1)
	}
	for len(nodes) < 2*leaves-1 {
		a := pick()
		b := pick()
		nodes = append(nodes, node{nodes[a].f + nodes[b].f, a, b, -1})
	}
	// depths from the root down
	depth := make([]int, len(nodes))
	var count [64]int
	for i := len(nodes) - 1; i >= 0; i-- {
		if nd := nodes[i]; nd.left >= 0 {
			depth[nd.left], depth[nd.right] = depth[i]+1, depth[i]+1
		} else {
			count[min(depth[i], maxBits)]++
		}
	}
	// too long codes: clamped to maxBits, then leaves moved one level
	// down from the deepest level above maxBits until the code is not
	// oversubscribed, and up from the deepest levels until it is complete
	kraft := 0 // in units of 2^-maxBits
	for b := 1; b <= maxBits; b++ {
		kraft += count[b] << (maxBits - b)
	}
	for kraft > 1<<maxBits {
		b := maxBits - 1
		for count[b] == 0 {
			b--
		}
		count[b]--
		count[b+1]++
		kraft -= 1 << (maxBits - b - 1)
	}
	for kraft < 1<<maxBits {
		b := maxBits
		for b > 1 && (count[b] == 0 || kraft+1<<(maxBits-b) > 1<<maxBits) {
			b--
		}
		count[b]--
		count[b-1]++
		kraft += 1 << (maxBits - b)
	}
	// the longest codes to the rarest symbols
	i := 0
	for b := maxBits; b >= 1; b-- {
		for k := 0; k < count[b]; k++ {
			lens[nodes[i].sym] = uint8(b)
			i++
		}
	}
}

// huffCodes sets codes to the canonical codes of lens, bit-reversed to be
// written first bit first.
func huffCodes(lens []uint8, codes []uint16) {
	var count [16]uint16
	for _, l := range lens {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for b := 1; b < 16; b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range lens {
		if l == 0 {
			continue
		}
		codes[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}
