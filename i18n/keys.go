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
	TextSizeCapped // the browser's own text is large already: the larger sizes add nothing
	Theme
	ThemeSystem
	ThemeLight
	ThemeDark
	KeepAwake
	KeepAwakeOff
	KeepAwakeUnsupported
	Close
	ReadRule
	// Rule diagrams (docs/diagram): labels drawn into the SVG and captions.
	DiagramLabelF // title
	DiagramShooters
	DiagramTarget
	DiagramCaught
	DiagramSafe
	DiagramZoneOfFireCaption
	DiagramObstacle
	DiagramBehindF // fighters behind, unit size, save
	DiagramCoverRangeZero
	DiagramCoverNearEdgeF // leader term
	DiagramNoSave
	DiagramCoverCaption
	DiagramRangeCaptionF // leader term
	DiagramCMRangeF      // distance, band
	DiagramDistance
	DiagramRadiusHead
	DiagramRadiusF   // successes, radius
	DiagramShotLostF // successes
	DiagramCapWord
	DiagramImpactsF   // impacts per fighter
	DiagramDeviationF // failed dice, distance
	DiagramDeviatesAny
	DiagramDeviatesOnHit
	DiagramDirection
	DiagramIndirectCaptionF // AoE, cap
	DiagramLocationCaption
	DiagramWeapon
	DiagramMeleeDiceF // dice
	DiagramDestroyedToFrame
	DiagramWeaponWhileAny
	DiagramCrushCaption
	DiagramFreeF    // roll
	DiagramEngagedF // term name, roll
	DiagramPath
	TermLinkHint
	SourceLabel
	ChapterLabel
	Loading
	Offline

	// Calculators.
	CalcShoot
	CalcMelee
	CalcMeleeAT44
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
	BadChoiceF // value, the options
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

	// Storage (issue 12): a save the device refused.
	SaveFailed

	// Sharing a calculation and the list of recent ones (issue 9, points 6-7).
	ShareLink      // the Share button
	ShareTitle     // the title handed to the share sheet
	LinkCopied     // after the link was copied
	LinkShared     // after the share sheet sent it
	CopyByHand     // when neither sharing nor copying works
	ShowQR         // the QR code toggle
	QRLabelF       // what the QR code image is: the link it holds
	QRCaption      // under the QR code
	QRTooLong      // when the link does not fit in a QR code
	HistoryTitle   // the list of recent calculations
	HistoryClear   // the button that empties it
	HistoryUnsaved // when the device refused to save it
	// The calculator between two phones (issue 23, points 1-3, 5, 9).
	ViewAtLeast        // the atleast key of a link, named in its error
	ViewBars           // the bar key of a link, named in its error
	ViewBarsAllowed    // what the bar key takes
	ViewAtLeastAllowed // what the atleast key takes
	ViewWhatIfAllowed  // what the whatif key takes
	ViewCompareAllowed // what the compare key takes
	SalvosRenumberedF  // salvos in the link, renumbered 1 to n
	CalcFailedUnmarked // no value to blame
	MoreComing         // the room of the results not drawn yet
	// Calculators at the table (issue 9): summary, cm, field help, authority.
	CalcWorking
	CalcFailed
	BandFromCmF // cm, band
	HelpButtonF // field label
	ThresholdHint
	WagerLimitF // value, rank, limit
	Us
	Them
	StepSideF // side, authority, wager
	StepVsF   // name, value, name, value
	HelpN
	HelpFighters
	HelpRate
	HelpRerolls
	HelpAccuracy
	HelpRange
	HelpCM
	HelpDefence
	HelpPenetration
	HelpDamage
	HelpTarget
	HelpProtection
	HelpSize
	HelpType
	HelpFrame
	HelpPropulsion
	HelpWeaponSP
	HelpVehicles
	HelpPick
	HelpCover
	HelpFireAtWill
	HelpDetection
	HelpDamageReroll
	HelpMedic
	HelpAoE
	HelpUnder
	HelpMorale
	HelpRank
	HelpObjective
	HelpEarlier
	HelpActivations
	HelpSpend
	HelpStatus
	HelpAuthority
	HelpWager
	HelpCommanderRank
	HelpFree
	HelpEngaged
	HelpStructure
	HelpSalvos
	HelpMembers
	HelpCards
	HelpD10
	// Issue 13 in the calculators (helper J): lock-on, artillery strike,
	// Jammer, Sniper, the overwatch picker, vehicles under a template, and
	// the link's field errors.
	InPicker
	PickerAttacker
	PickerDefender
	InLock
	InArtillery
	InJammer
	InSniper
	InVehiclesUnder
	InVehicleProtection
	FixedNone
	Fixed2
	Fixed3
	Fixed4
	Fixed5
	Fixed6
	HelpPicker
	HelpLock
	HelpArtillery
	HelpJammer
	HelpSniper
	HelpVehiclesUnder
	HelpVehicleProtection
	StepFixed
	StepJammer
	StepSniper
	BadEscapeF // what is allowed
	ConflictF  // value, what is allowed here
	NounWrecks
	SimulatingTail
	RefiningFigures
	MarginF // chance, margin
	UnknownKey
	// Issue 24's refusals: what a value may be, list items by position,
	// a key given twice, keys the calculator does not read.
	AllowedNumberF // min, max
	AllowedListF   // items, min, max
	AllowedOff
	EmptyItemF    // position, what is allowed
	BadItemF      // position, item, what is allowed
	TooManyItemsF // count, what is allowed
	Repeated
	MoreKeysF // keys, how many more
	UnknownKeys
	// The d10 sheet's hit modifiers the form has no field for yet.
	StepD10IntoMelee
	StepD10FromMelee
	StepD10Reserved
	StepD10Indirect
	StepD10Burst
	StepD10GroundPoint
	StepD10Better
	StepD10Worse

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

	// The calculators at the table (issue 23: taps, words, choices, after
	// the roll).
	QuickDistances
	HelpRerollsAT43
	CoverRangeZeroNote
	CoverSniperNote
	CoverKneeNoSaveNote
	ChanceDestroyedF  // the chance
	ChancePassF       // the chance
	ChanceWinF        // the chance
	ChanceDetonationF // the chance
	AfterTheRoll
	RollWhat
	RollCount

	// Reference cards (issue 25): the printable card of each game and
	// language, and the way to it.
	CardTitle
	CardLink
	CardLinks
	CardPrint
	CardPrintHint
	CardSideTests
	CardSideRound
	CardUniversalIntro
	CardRerollPerDieF // Re-roll
	CardRerollPoolF   // Re-rolls
	CardTests
	CardTest
	CardDifference
	CardRoll
	CardChance
	CardOrLessF      // a difference
	CardOrMoreF      // a difference
	CardObjectiveF   // signed bonus, objective
	CardEarlierTestF // signed malus
	CardBetterRankF  // officer rank
	CardHits
	CardHitsIntroF // Accuracy
	CardDistance
	CardBandLineF    // cm, range band, band
	CardDamageIntroF // Penetration, Protection, Damage
	CardSituation
	CardSave
	CardBehindF    // cover
	CardUnderF     // template
	CardRecoveredF // a column head
	CardKneeF      // Knee to the ground, Take cover
	CardCoverOrder
	CardMoraleIntroF  // Morale, difficulty, universal table
	CardStatusStepsF  // valiant, disorganized, rout
	CardThresholdsF   // infantry, thresholds
	CardThresholdF    // Type, types, fighters left
	CardRallyF        // cost, points, disorganized
	CardAutoPassF     // cost, points
	CardPassRecoversF // disorganized, valiant
	CardDie
	CardPart
	CardAtZeroF    // structure points
	CardDestroyedF // vehicle
	CardWeaponLost
	CardExcessToFrameF // frame
	CardLocationIntroF // damage test, vehicle
	CardSideActions
	CardSideMoraleVehicles
	CardCostsF // command points
	CardSpend
	CardNoOfficerF // officer
	CardEachF      // combat drill
	CardRallyWhatF // rally, disorganized
	CardPassWhatF  // morale test
	CardUpToF      // the most
	CardEjectF     // Heroic pilot

	// Site data the browser will not keep (issue 24).
	StorageBlocked
	LoadFailed

	// At the table, third pass (issue 35).
	WhatIfSameRollF // the what-if, the action value, one more, the roll both need
	WhatIfSameF     // the what-if
	LuckyF          // in how many rolls one does as well: 28
	UnluckyF        // in how many rolls one does as badly
	Luckier         // rarer than 1 roll in 1,000, lucky
	Unluckier       // rarer than 1 roll in 1,000, unlucky
	LuckUsual
	LuckBetterF // the chance of doing as well or better
	LuckWorseF  // the chance of doing as badly or worse
	LuckSameF   // the chance of the outcome
	RollOutcome
	RollPassed
	RollFailed
	RollWon
	RollLost
	ChartHitsSalvoF    // salvo
	ChartImpactsSalvoF // salvo
	// The nouns of an average under 2: French says "0,3 perte", English
	// "0.3 casualties".
	NounCasualtiesFew
	NounImpactsFew
	NounDamagingFew
	NounWrecksFew

	// Armies (issue 32).
	ArmiesTitle
	ArmiesIntro
	ArmyMine
	ArmyTheirs
	ArmySwap
	ArmyViewFire
	ArmyViewThreat
	ArmyViewMelee
	ArmyViewMeleeThreat
	ArmyCorner
	ArmyFillingF // cells done, cells
	ArmyLegend
	ArmyCellF // row, column, figures
	ArmyRefusedCell
	ArmyEmptyMatrix
	ArmyDifferentGames
	ArmyPickTwo
	ArmyYours
	ArmyNone
	ArmyNew
	ArmyNewNameF // number
	ArmyImport
	ArmyExport
	ArmyEdit
	ArmyCopy
	ArmyCopyNameF // name
	ArmyDelete
	ArmyUndo
	ArmyDeletedF // name
	ArmyAddedF   // name
	ArmyAlreadyF // name: a file of an army the reader has
	ArmyUnitsF   // count
	ArmyName
	ArmyLink
	ArmyQRCaption
	ArmyFull // count
	UnitAdd
	UnitFromProfile
	UnitName
	UnitNewNameF // number
	UnitUp
	UnitDown
	UnitAsTarget
	UnitWeaponF // number
	UnitWeaponName
	UnitAddWeapon
	UnitRemoveWeapon
	UnitMelee
	UnitMorale
	UnitHasPart
	UnitDone
	UnitSave
	UnitSaveAttacker
	UnitSaveTarget
	UnitSaveInto
	UnitSaveNewArmy
	UnitSavedF    // army name
	ArmyRefusedF  // why
	ArmyTooLargeF // size, KB
	ArmyNotJSON
	ArmyTooDeep
	ArmyFormatF // format
	ArmyGameF   // game
	ArmyBadLink
	ArmyWhereArmy
	ArmyWhereUnitF   // number, name
	ArmyWhereWeaponF // number, name, weapon
	ArmyProblemF     // where, what
	ArmyUnknownKeyF  // key
	ArmyBadTypeF     // key, value
	ArmyLongValueF   // key, most
	ArmyTooManyF     // key, count, most
	ArmyNoNameF      // name
	ArmyPartOutF     // part
	ArmyLeftOutF     // message
	// The sender's answer a share link carries (issue 38).
	ClaimChecking // the sender's figure, shown before this phone has worked it out
	ClaimChecked  // the sender's figure, which this phone worked out the same
	ClaimWrongF   // the link's figure, as it was: the page's own answer replaces it

	keyCount
)
