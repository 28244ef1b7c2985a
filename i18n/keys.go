package i18n

// Interface strings. Keys ending in "F" are fmt formats; their arguments are
// documented beside them.
const (
	AppName Key = iota
	AppDescription
	SkipToContent
	Menu
	Contents
	QuickReference
	QuickRefShort
	CompareShort
	Compare
	About
	Glossary
	Search
	SearchLabel
	SearchPlaceholder
	SearchShortcut
	SearchTerms
	SearchSections
	SearchText
	SearchNone
	Calculators
	Settings
	Previous
	Next
	LanguageLabel
	GameLabel
	OtherLangName
	LangName
	NoSuchSectionF // game name
	NotFound
	NotFoundBody
	Home
	LandingIntro
	LandingPick
	UpdateAvailable
	UpdateNow
	PreviousF
	NextF
	Bookmark
	Unbookmark
	Bookmarks
	NoBookmarks
	Recent
	NoRecent
	TextSize
	TextSmaller
	TextLarger
	Theme
	ThemeSystem
	ThemeLight
	ThemeDark
	KeepAwake
	KeepAwakeOff
	KeepAwakeUnsupported
	Close
	ReadRule
	TermLinkHint
	SourceLabel
	ChapterLabel
	Loading
	Offline

	// Calculators.
	CalcShoot
	CalcMelee
	CalcIndirect
	CalcMorale
	CalcAuthority
	CalcCrush
	CalcMinefield
	CalcTerrain
	CalcSalvos
	ChartAfterSalvo // salvo number
	SalvoF          // salvo number
	AddSalvo
	RemoveSalvo
	CalcIntro
	CalcAttacker
	CalcTarget
	CalcOptions
	CalcResult
	InWeapons
	InFighters
	InRate
	InRerolls
	InAccuracy
	InRange
	InDistance
	InDefence
	InPenetration
	InDamage
	InTarget
	InInfantry
	InVehicle
	InProtection
	InSize
	InFrame
	InPropulsion
	InWeaponSP
	InVehicles
	InCover
	CoverNone
	CoverNormal
	CoverTakeCover
	CoverKnee
	InFireAtWill
	InDamageReroll
	InMedic
	InDetection
	InType
	InAoE
	InUnder
	InMorale
	InRank
	InObjective
	InEarlier
	InActivations
	InSpend
	InOurAuthority
	InOurWager
	InTheirAuthority
	InTheirWager
	InFree
	InEngaged
	InStructure
	InSalvos
	Decrease
	Increase
	RangeF    // min, max
	BadValueF // key, message
	ExpectF   // mean, noun, percent, k
	ExpectNoneF
	ChanceF // percent, what
	Explain
	StepShoot  // action, difficulty
	StepMelee  // action, difficulty
	StepDamage // action, difficulty
	StepCover
	StepDice // value
	StepDie
	StepRerollOne
	StepReroll // value
	StepRange  // value
	StepMorale // action, difficulty
	StepAuthority
	StepCrushFree
	StepCrushEngaged
	StepDamageReroll
	StepRank
	StepObjective
	StepEarlier
	StepFrame
	StepPropulsion
	StepWeapon
	StepLocation
	StepVehicles
	StepD10Hit
	StepD10Armour
	StepD10Damage
	StepD10Attacks
	StepD10Chain
	StepD10Defcr
	StepD10Dodge
	StepD10Parry
	StepD10Knock
	StepD10Morale
	StepAutoSuccess
	StepAutoFail
	StepAgainstF   // kind, action, difficulty
	StepNeedsF     // roll
	StepAtMostF    // roll: a d10 at or under it
	StepD10HitF    // action, difficulty, needed, value
	StepD10ArmourF // AR, MA, needed
	StepD10DamageF // PUI, PHY, needed
	StepD10DefcrF  // CR, defender's CR, needed, modifier
	ChartHits
	ChartImpacts
	ChartCasualties
	ChartFrame
	ChartRadius
	ChartPerFighter
	ChartDeviation
	ChartRoutBy
	ChartStructure
	ChartDownBy
	ChartWrecks
	ChartDamaging
	ChartChains
	NounCasualties
	NounImpacts
	NounHits
	NounDamaging
	NounChains
	NounStructure
	MoraleThreshold
	Tie
	Fail
	Paralysed
	Retreat
	Natural10
	Knockdown
	Dodged
	Parried
	HitChance
	DamageChance
	Detonation
	LocomotionHit
	WeaponHit
	WeaponAttacker
	WeaponDefender
	Electronics
	NothingHappens
	Internal
	PointsSpent
	CalcD10Attack
	CalcD10Morale
	CalcD10Vehicle
	InMode
	ModeRanged
	ModeMelee
	InSkill
	InMod
	InAttacks
	InAR
	InMA
	InPUI
	InPHY
	InAimed
	InLightCover
	InHeavyCover
	InLarge
	InCharge
	InReceived
	InGround
	InParalysed
	InCOU
	InIndependent
	InDmgPoints
	InLoco
	InCards
	InMembers
	InPick
	PickWreck
	PickDisarm
	InStatus
	StatusValiant
	StatusDisorganized
	InNerves
	InOurRank
	InTheirRank
	WrongGameF // calculator, games
	OtherGamesF
	EditValue
	BadNumberF // value, min, max
	BadChoiceF // value
	BothRanges
	PresetShootAT43
	PresetMeleeAT43
	PresetLaunchers
	PresetShootAT44
	PresetArmourAT44
	PresetMeleeAT44
	TableOutcome
	TableExactly
	TableAtLeast
	TableAtMost
	BarF // count, percent
	WhatIf
	WhatIfAccuracy
	WhatIfCover
	WhatIfFaw
	WhatIfDeltaF // before, after
	CompareOther
	CompareOtherF // game name
	Notes
	Export
	CopyJSON
	CopyCSV
	Copied
	WipedOut
	Destroyed
	Immobilized
	WeaponLostF // weapon number
	Pass
	Win
	Routs
	ShotLost
	Profiles
	ProfileName
	SaveProfile
	DeleteProfile
	LoadProfile
	Presets
	NoProfiles
	Share
	Reset
	EngineMissing

	// Reading at the table (issue 10): table frames, glossary index and
	// filter, the home page's ways in, the red-light theme.
	TableLabelF // column heads
	TableScrollHint
	GlossaryFilter
	GlossaryFilterPlaceholder
	GlossaryLetters
	GlossaryNoneF  // what was typed
	GlossaryCountF // shown, total
	LandingRead
	LandingCalcs
	LandingD10
	SectionCalcs
	CalcsShort
	ThemeRed
	AnswerShoot
	AnswerMelee
	AnswerSalvos
	AnswerIndirect
	AnswerMorale
	AnswerAuthority
	AnswerCrush
	AnswerMinefield
	AnswerTerrain
	AnswerD10Attack
	AnswerD10Morale
	AnswerD10Vehicle

	keyCount
)
