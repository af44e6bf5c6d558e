package ir

import (
	"strings"
)

// Suggest returns the candidate closest to word in edit distance (case
// ignored), for a "did you mean" hint, or "" when none is close: at most
// one edit for words of up to four letters, two up to eight, three beyond.
// Ties go to a candidate of the word's length, then to the one listed
// first, so the hint is deterministic.
func Suggest(word string, candidates []string) string {
	limit := 3
	switch n := len(word); {
	case n <= 4:
		limit = 1
	case n <= 8:
		limit = 2
	}
	lw := strings.ToLower(word)
	best, bestD := "", limit+1
	for _, c := range candidates {
		lc := strings.ToLower(c)
		if lc == lw {
			return "" // the word is known: nothing to suggest
		}
		d := editDistance(lw, lc, bestD+1)
		// Ties go to a candidate as long as the word (float5: float4,
		// not float), then to the first listed.
		if d < bestD || d == bestD && best != "" && len(c) == len(word) && len(best) != len(word) {
			best, bestD = c, d
		}
	}
	return best
}

// SuggestName suggests which of candidates (names of functions or
// structs, which HLSL tells apart by case) a misspelt name was meant as:
// one that differs from it only in case (Vs: VS), else the closest as
// Suggest finds it, or "".
func SuggestName(name string, candidates []string) string {
	for _, c := range candidates {
		if c == name {
			return ""
		}
	}
	for _, c := range candidates {
		if strings.EqualFold(c, name) {
			return c
		}
	}
	if len(name) < 2 {
		return ""
	}
	return Suggest(name, candidates)
}

// SuggestSemantic suggests a Direct3D 9 semantic for a misspelt one,
// keeping its index: TEXCORD0 gives TEXCOORD0, POSITON gives POSITION.
func SuggestSemantic(name string) string {
	base := strings.TrimRight(name, "0123456789")
	s := Suggest(base, usageNames[:])
	if s == "" {
		return ""
	}
	return s + name[len(base):]
}

// editDistance is the Levenshtein distance of a and b, or any value of at
// least limit once it is sure to reach it.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
